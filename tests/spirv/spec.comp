#version 450
// Specialization constants: a spec-constant workgroup size, constants given and left at
// their defaults, and a constant computed from them (OpSpecConstantOp).
// buffer 0 1024 zero
// spec 0=48
// spec 1=7
// spec 3=1
// grid 2 1 1
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const uint K = 3u;
layout(constant_id = 2) const int M = -4;
layout(constant_id = 3) const bool FLIP = false;
const uint K2 = K * 2u + 1u;
layout(std430, binding = 0) buffer Out { uint o[]; };
void main()
{
   uint i = gl_GlobalInvocationID.x;
   uint r = i * K2 + uint(M) + gl_WorkGroupSize.x;
   o[i] = FLIP ? ~r : r;
}
