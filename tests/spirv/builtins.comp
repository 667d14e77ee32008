#version 450
// The compute built-ins on a 3-D dispatch.
// buffer 0 8192 zero
// grid 2 3 2
layout(local_size_x = 4, local_size_y = 2, local_size_z = 2) in;
layout(std430, binding = 0) buffer Out { uvec4 o[]; };
void main()
{
   uvec3 g = gl_GlobalInvocationID;
   uint flat_id = g.x + 8u * (g.y + 6u * g.z);
   o[2u * flat_id] = uvec4(gl_LocalInvocationID, gl_LocalInvocationIndex);
   o[2u * flat_id + 1u] = uvec4(gl_WorkGroupID, gl_NumWorkGroups.x * 100u +
                                gl_NumWorkGroups.y * 10u + gl_NumWorkGroups.z);
}
