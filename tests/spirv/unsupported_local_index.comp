#version 450
// Dynamically indexed local arrays are refused.
// unsupported dynamic index into a Function
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer Out { uint o[]; };
void main()
{
   uint t[4] = uint[4](1u, 2u, 3u, 4u);
   t[gl_LocalInvocationID.x] = 9u;
   o[gl_LocalInvocationID.x] = t[3u - gl_LocalInvocationID.x];
}
