#version 450
// A GLSL compute shader for libaco's SPIR-V front end (docs/spirv.md):
// o[i] = v[i] * k + the next value of v in the workgroup (through shared memory).
// The lines below are the dispatch tests/spirv/spirv_run.c (and scripts/main.sh) use.
// buffer 0 1024 zero
// buffer 1 1024 iota
// push 3
// grid 4 1 1
// expect 0 0 1 5 9 13
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Out { uint o[]; };
layout(std430, set = 0, binding = 1) readonly buffer In { uint v[]; };
layout(push_constant) uniform P { uint k; } pc;
shared uint tile[64];
void main()
{
   uint i = gl_GlobalInvocationID.x, l = gl_LocalInvocationID.x;
   tile[l] = v[i];
   barrier();
   o[i] = v[i] * pc.k + tile[(l + 1u) & 63u];
}
