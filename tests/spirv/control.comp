#version 450
// Structured control flow: nested loops with break and continue, do-while, switch with
// fallthrough and default, short-circuit conditions (OpPhi), early return.
// buffer 0 1024 zero
// buffer 1 256 iota
// push 5
// grid 2 1 1
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) readonly buffer In { uint v[]; };
layout(push_constant) uniform P { uint n; } pc;
uint f(uint x)
{
   return x * x + 1u;
}
// an early return from a called (inlined) function, an inout parameter, a Private variable
uint calls = 0u;
uint g(uint x, inout uint y)
{
   calls++;
   if (x > 10u) {
      y += 3u;
      return x - 10u;
   }
   y ^= x;
   return x * 2u;
}
void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint acc = 0u;
   for (uint a = 0u; a < i % 6u; a++) {
      for (uint b = 0u; b < 4u; b++) {
         if (b == a)
            continue;
         if (a + b > 6u)
            break;
         acc += a * 10u + b;
      }
      if (acc > 60u)
         break;
   }
   uint k = i;
   do {
      k = (k & 1u) != 0u ? 3u * k + 1u : k / 2u;
      acc++;
   } while (k != 1u && acc < 200u);
   switch (i % 7u) {
   case 0u:
      acc += 100u;
      break;
   case 1u:
   case 2u:
      acc += 200u;
      // fall through
   case 3u:
      acc ^= 0x55u;
      break;
   case 5u:
      acc *= 2u;
      break;
   default:
      acc = ~acc;
   }
   uint w = 0u;
   while (w < pc.n && v[w] < i)
      w++;
   if (i < 40u && v[i] % 3u == 1u)
      acc += 1000u;
   o[i * 2u + 1u] = w;
   uint y = i;
   uint r = g(i, y) + g(i + 5u, y);
   uvec4 vec = uvec4(i, y, r, calls);
   acc += vec[i & 3u] * 3u;
   for (uint z = 0u; z < 10u; z++) {
      if (z * 7u > i + 20u && i > 50u)
         return; // leaves the invocation from inside a loop
   }
   if (i == 17u)
      return;
   o[i * 2u] = acc + f(i);
}
