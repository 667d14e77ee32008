#version 450
// Loop shapes: nested loops writing the outer loop's variables, breaks out of ifs nested in
// the inner loop, a switch with continue inside a loop, a do-while with continue, a call
// with an inout parameter inside a loop, and a while whose condition has a side effect.
// buffer 0 2048 zero
// buffer 1 512 random
// grid 2 1 1
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) readonly buffer In { uint v[]; };
void bump(inout uint x, uint by)
{
   if ((by & 1u) != 0u)
      x += by;
   else
      x ^= by << 3;
}
void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint r = v[i], a = 0u, b = 1u, last = 0u;
   for (uint p = 0u; p < 5u; p++) {
      for (uint q = p; q < 7u; q++) {
         a += q * p + (r >> (q + p));
         if (((a ^ r) & 7u) == 3u) {
            last = q;
            break;
         }
         if (q == 5u && (r & 1u) != 0u) {
            b *= 3u;
            continue;
         }
         b += a & 15u;
      }
      switch ((a + p) & 3u) {
      case 0u:
         continue;
      case 1u:
         a ^= 0x1234u;
         break;
      default:
         b = b * 5u + 1u;
      }
      bump(b, a + p);
   }
   uint n = 0u, k = r & 0xffu;
   do {
      n++;
      if ((k & 3u) == 1u) {
         k += 7u;
         continue;
      }
      k >>= 1;
   } while (k > 3u && n < 50u);
   uint w = 0u, m = 0u;
   while ((m += 3u) < 20u + (i & 7u))
      w += m;
   o[i * 6u] = a;
   o[i * 6u + 1u] = b;
   o[i * 6u + 2u] = last;
   o[i * 6u + 3u] = n;
   o[i * 6u + 4u] = k;
   o[i * 6u + 5u] = w + m;
}
