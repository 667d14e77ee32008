#version 450
// std430 blocks: structs in runtime arrays, nested structs and arrays, vec3 members,
// whole-struct loads and stores, a local struct and array with constant indices.
// buffer 0 4096 zero
// buffer 1 2048 iota
// grid 1 1 1
layout(local_size_x = 16) in;
struct Inner { uint a; uvec3 v; };
struct Item { Inner in2[2]; uint tag; float f[3]; };
layout(std430, binding = 1) readonly buffer Src { uint head; Item items[]; } src;
layout(std430, binding = 0) buffer Dst { uvec2 pad; Item items[]; } dst;
void main()
{
   uint i = gl_LocalInvocationID.x;
   Item it = src.items[i];
   it.tag = it.in2[1].v.z + src.head;
   it.in2[0].v.xy = it.in2[0].v.yx;
   it.f[1] = float(it.in2[0].a) * 0.5;
   uint local[4] = uint[4](i, i * 2u, i * 3u, i * 4u);
   local[2] += 5u;
   it.in2[1].a = local[0] + local[1] + local[2] + local[3];
   dst.items[15u - i] = it;
   dst.pad = uvec2(7u, 9u);
}
