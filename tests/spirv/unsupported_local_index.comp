#version 450
// Local arrays indexed by a value become selects over their elements, up to 64 of them;
// a larger one is refused.
// unsupported dynamic index into a Function or Private variable
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
void main()
{
   uint t[100];
   for (uint k = 0u; k < 100u; k++)
      t[k] = k * 3u;
   o[gl_LocalInvocationID.x] = t[99u - gl_LocalInvocationID.x];
}
