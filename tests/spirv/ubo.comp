#version 450
// A uniform buffer (std140) next to a storage buffer.
// buffer 0 512 zero
// buffer 1 256 iota uniform
layout(local_size_x = 16) in;
layout(std140, binding = 1) uniform U { uvec4 scale; uint add[4]; } u;
layout(std430, binding = 0) buffer Out { uint o[]; };
void main()
{
   uint i = gl_LocalInvocationID.x;
   o[i] = i * u.scale.y + u.add[i & 3u] + u.scale.w;
}
