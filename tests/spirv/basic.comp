#version 450
// buffer 0 1024 zero
// buffer 1 1024 iota
// push 7 3
// grid 2 1 1
// expect 0 0 0 11 34
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Out { uint o[]; };
layout(std430, set = 0, binding = 1) readonly buffer In { uint v[]; };
layout(push_constant) uniform P { uint mul; uint add; } pc;
void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint x = v[i] * pc.mul + pc.add;
   uint acc = 0;
   for (uint k = 0; k < (i & 7u); k++) {
      if (k == 5u)
         continue;
      acc += x ^ k;
   }
   if (x % 3u == 0u)
      acc = acc * 2u;
   else
      acc = acc + 1u;
   o[i] = acc;
}
