#version 450
// Images are refused with the word offset of what is not supported.
// unsupported OpTypeImage
layout(local_size_x = 1) in;
layout(binding = 0, r32ui) uniform uimage2D img;
void main()
{
   imageStore(img, ivec2(0, 0), uvec4(1u));
}
