#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
// Subgroup operations are refused (by their capability).
// unsupported capability GroupNonUniform
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
void main()
{
   o[gl_LocalInvocationID.x] = subgroupAdd(gl_LocalInvocationID.x);
}
