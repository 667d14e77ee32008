#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// 64-bit integers and doubles.
// buffer 0 2048 zero
// buffer 1 512 random
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer Out { uint64_t o[128]; double d[64]; };
layout(std430, binding = 1) readonly buffer In { uint64_t v[]; };
void main()
{
   uint i = gl_LocalInvocationID.x;
   uint64_t a = v[i], b = v[(i + 7u) & 31u] | 1ul;
   o[4u * i] = a + b * 3ul;
   o[4u * i + 1u] = a / (b >> 20);
   o[4u * i + 2u] = (a >> 13) ^ (b << 7);
   o[4u * i + 3u] = uint64_t(int64_t(a) >> 40) + uint64_t(min(int64_t(a), int64_t(b)));
   double x = double(i) * 0.25 - 3.0;
   d[2u * i] = x * x + 0.5;
   d[2u * i + 1u] = floor(x * 1.5) + double(uint(a & 0xffffu));
}
