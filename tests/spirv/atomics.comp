#version 450
// Atomics on buffers and shared memory (only operations whose final values do not depend
// on the order the invocations run in).
// buffer 0 256 zero
// buffer 1 512 random
// grid 4 1 1
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Out { uint c[8]; int s[4]; uint lds[8]; } o;
layout(std430, binding = 1) readonly buffer In { uint v[]; };
shared uint counter;
shared uint bits;
void main()
{
   uint g = gl_GlobalInvocationID.x, l = gl_LocalInvocationID.x;
   if (l == 0u) {
      counter = 0u;
      bits = 0u;
   }
   barrier();
   uint x = v[g];
   atomicAdd(o.c[0], x & 0xffu);
   atomicMin(o.c[1], x | 0x10000u);
   atomicMax(o.c[2], x);
   atomicOr(o.c[3], 1u << (g & 31u));
   atomicXor(o.c[4], x);
   atomicAnd(o.c[5], ~(1u << (g & 31u)));
   atomicAdd(o.c[6], 1u);
   atomicMin(o.s[0], int(x));
   atomicMax(o.s[1], int(x));
   atomicAdd(counter, l);
   atomicOr(bits, 1u << (l & 31u));
   barrier();
   if (l == 0u) {
      atomicAdd(o.lds[0], counter);
      atomicXor(o.lds[1], bits + gl_WorkGroupID.x);
   }
}
