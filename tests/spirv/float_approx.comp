#version 450
// Operations GLSL and Vulkan give a precision bound rather than an exact result: compared
// with lavapipe within a bound (docs/spirv.md, "Floats").
// buffer 0 1024 zero
// buffer 1 256 f32ramp
// ulp 0 4
layout(local_size_x = 16) in;
layout(std430, binding = 0) buffer Out { float o[]; };
layout(std430, binding = 1) readonly buffer In { float x[]; };
void main()
{
   uint i = gl_LocalInvocationID.x;
   float a = abs(x[i]) + 0.5, b = x[i + 16u] * 0.125;
   uint base = i * 16u;
   o[base + 0u] = sqrt(a);
   o[base + 1u] = inversesqrt(a);
   o[base + 2u] = exp2(b);
   o[base + 3u] = log2(a);
   o[base + 4u] = a / (b + 100.0);
   o[base + 5u] = pow(a, 1.5);
   o[base + 6u] = exp(b * 0.5);
   o[base + 7u] = log(a);
   o[base + 8u] = mix(a, b, 0.25);
   o[base + 9u] = dot(vec3(a, b, 1.0), vec3(2.0, 0.5, a));
   o[base + 10u] = 1.0 / a;
   o[base + 11u] = sin(1.0 + float(i) * 0.1);
   o[base + 12u] = cos(0.2 + float(i) * 0.05);
   o[base + 13u] = length(vec2(3.0, a)) * 0.0 + 1.0;
   o[base + 14u] = sqrt(a) * sqrt(a);
   o[base + 15u] = a;
}
