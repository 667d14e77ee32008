#version 450
// Workgroup shared memory and barriers: a reversal and a tree reduction per workgroup.
// buffer 0 1024 zero
// buffer 1 1024 random
// grid 2 1 1
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) readonly buffer In { uint v[]; };
shared uint rev[64];
shared uint sum[64];
void main()
{
   uint l = gl_LocalInvocationID.x, g = gl_GlobalInvocationID.x;
   rev[63u - l] = v[g];
   sum[l] = v[g] & 0xffffu;
   barrier();
   o[g] = rev[l];
   for (uint s = 32u; s > 0u; s >>= 1u) {
      if (l < s)
         sum[l] += sum[l + s];
      barrier();
   }
   if (l == 0u)
      o[128u + gl_WorkGroupID.x] = sum[0];
}
