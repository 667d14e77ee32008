#version 450
// Local arrays and vectors indexed by values (selects over the elements), read and written.
// buffer 0 1024 zero
// buffer 1 256 random
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) readonly buffer In { uint v[]; };
struct P { uint a; uvec2 b; };
void main()
{
   uint i = gl_LocalInvocationID.x;
   uint t[8];
   for (uint k = 0u; k < 8u; k++)
      t[k] = v[(i + k) & 63u];
   t[i & 7u] ^= 0xffffu;
   P ps[4] = P[4](P(1u, uvec2(2u, 3u)), P(4u, uvec2(5u, 6u)), P(7u, uvec2(8u, 9u)),
                  P(10u, uvec2(11u, 12u)));
   ps[i & 3u].b.y += i;
   uvec3 w = uvec3(i, i * 2u, i * 3u);
   w[i % 3u] = 77u;
   o[i * 4u] = t[(i * 5u) & 7u] + t[i & 7u];
   o[i * 4u + 1u] = ps[(i + 1u) & 3u].b.y + ps[i & 3u].b.y;
   o[i * 4u + 2u] = w.x + w.y * 3u + w.z * 5u;
   o[i * 4u + 3u] = ps[2].a;
}
