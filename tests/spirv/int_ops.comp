#version 450
// Integer arithmetic, bitwise operations and comparisons, scalar and vector.
// buffer 0 4096 zero
// buffer 1 512 random
// grid 1 1 1
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
layout(std430, binding = 1) readonly buffer In { uint r[]; };
void main()
{
   uint i = gl_LocalInvocationID.x;
   uint a = r[i], b = r[i + 32u] | 1u;
   int sa = int(a), sb = int(b >> 3) - 70000;
   uint base = i * 32u;
   o[base + 0u] = a + b;
   o[base + 1u] = a - b;
   o[base + 2u] = a * b;
   o[base + 3u] = a / b;
   o[base + 4u] = a % b;
   o[base + 5u] = uint(sa / sb);
   o[base + 6u] = uint(abs(sa) % sb); // GLSL leaves % on negative operands undefined
   o[base + 7u] = a << (b & 31u);
   o[base + 8u] = a >> (b & 31u);
   o[base + 9u] = uint(sa >> int(b & 31u));
   o[base + 10u] = (a & b) ^ (a | ~b);
   o[base + 11u] = uint(bitCount(a));
   o[base + 12u] = bitfieldReverse(a);
   o[base + 13u] = uint(findLSB(a & 0xfff00000u));
   o[base + 14u] = uint(findMSB(a >> (i & 31u)));
   o[base + 15u] = uint(findMSB(sa));
   o[base + 16u] = uint(abs(sa));
   o[base + 17u] = uint(sign(sb));
   o[base + 18u] = min(a, b) + max(a, b) * 3u;
   o[base + 19u] = uint(min(sa, sb)) ^ uint(max(sa, sb));
   o[base + 20u] = clamp(a, 1000u, 3000000000u);
   o[base + 21u] = uint(clamp(sa, -5000, 5000));
   o[base + 22u] = (a < b ? 1u : 0u) | (sa < sb ? 2u : 0u) | (a >= b ? 4u : 0u) |
                   (sa >= sb ? 8u : 0u) | (a == b ? 16u : 0u) | (sa != sb ? 32u : 0u) |
                   (a <= b ? 64u : 0u) | (sa > sb ? 128u : 0u);
   uvec4 v = uvec4(a, b, a ^ b, a + 7u);
   uvec4 w = v.wzyx * uvec4(3u, 5u, 7u, 11u) + v;
   o[base + 23u] = w.x;
   o[base + 24u] = w.y;
   o[base + 25u] = w.z;
   o[base + 26u] = w.w;
   ivec2 iv = ivec2(sa, sb) - ivec2(-sb, 17);
   o[base + 27u] = uint(iv.x);
   o[base + 28u] = uint(iv.y);
   o[base + 29u] = uint(-sa);
   bool p = (a & 1u) != 0u, q = (b & 2u) != 0u;
   o[base + 30u] = uint(p && q) + 2u * uint(p || q) + 4u * uint(p != q) + 8u * uint(!p);
   o[base + 31u] = uint(int(i) + 16) % 5u + uint((int(i) + 16) % 5);
}
