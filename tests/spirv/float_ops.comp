#version 450
// Float operations whose results are exact (correctly rounded): no contraction on either side.
// buffer 0 2048 zero
// buffer 1 256 f32ramp
// push f:1.5 f:-0.25
layout(local_size_x = 16) in;
layout(std430, binding = 0) buffer Out { float o[]; };
layout(std430, binding = 1) readonly buffer In { float x[]; };
layout(push_constant) uniform P { float scale; float bias; } pc;
void main()
{
   uint i = gl_LocalInvocationID.x;
   float a = x[i], b = x[i + 16u] * 0.375 + pc.bias;
   uint base = i * 32u;
   o[base + 0u] = a + b;
   o[base + 1u] = a - b;
   o[base + 2u] = a * b;
   o[base + 3u] = a * pc.scale + b; // two roundings: a separate fmul and fadd
   o[base + 4u] = fma(a, b, pc.bias);
   o[base + 5u] = floor(b);
   o[base + 6u] = ceil(b);
   o[base + 7u] = trunc(b);
   o[base + 8u] = roundEven(b * 4.0);
   o[base + 9u] = fract(b);
   o[base + 10u] = abs(b);
   o[base + 11u] = sign(b);
   o[base + 12u] = min(a, b);
   o[base + 13u] = max(a, b);
   o[base + 14u] = clamp(a, -3.0, 2.5);
   o[base + 15u] = step(b, a);
   o[base + 16u] = -a;
   o[base + 17u] = float(int(b * 3.0));
   o[base + 18u] = float(uint(abs(a) * 7.0));
   o[base + 19u] = float(int(i) - 9) * 0.5;
   o[base + 20u] = float(i * 3000000u);
   o[base + 21u] = uintBitsToFloat(floatBitsToUint(a) ^ 0x80000000u);
   o[base + 22u] = float((a < b ? 1 : 0) + (a <= b ? 2 : 0) + (a > b ? 4 : 0) +
                         (a >= b ? 8 : 0) + (a == b ? 16 : 0) + (a != b ? 32 : 0));
   vec3 v = vec3(a, b, 2.0) * 0.5 + vec3(1.0, -1.0, a);
   o[base + 23u] = v.x;
   o[base + 24u] = v.y;
   o[base + 25u] = v.z;
   vec3 c = cross(vec3(a, 1.0, 2.0), vec3(0.5, b, -1.0));
   o[base + 26u] = c.x;
   o[base + 27u] = c.y;
   o[base + 28u] = c.z;
   o[base + 29u] = float(ivec2(b, a) == ivec2(0, 1));
   o[base + 30u] = a == 0.0 || b < -1.0 ? 1.0 : 0.0;
   o[base + 31u] = float(floatBitsToInt(b) >> 20);
}
