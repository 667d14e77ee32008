; 32-bit float math (denormals kept, round to nearest even): with x = in[g],
; y = in[g + 128], z = in[g + 256] as floats: x + y, x * y, fma(x, y, z), x - z,
; minnum, maxnum, fptosi(x * 64), sitofp(bits of z >> 8), x < y ? y : z, fabs(x) * -y.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %g
  %x = load float, ptr addrspace(1) %pa
  %g2 = add i32 %g, 128
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %g2
  %y = load float, ptr addrspace(1) %pb
  %g3 = add i32 %g, 256
  %pc = getelementptr float, ptr addrspace(1) %in, i32 %g3
  %z = load float, ptr addrspace(1) %pc
  %r0 = fadd float %x, %y
  %r1 = fmul float %x, %y
  %r2 = call float @llvm.fma.f32(float %x, float %y, float %z)
  %r3 = fsub float %x, %z
  %r4 = call float @llvm.minnum.f32(float %x, float %y)
  %r5 = call float @llvm.maxnum.f32(float %x, float %y)
  %x64 = fmul float %x, 64.0
  %i6 = fptosi float %x64 to i32
  %r6 = bitcast i32 %i6 to float
  %zi = bitcast float %z to i32
  %zs = ashr i32 %zi, 8
  %r7 = sitofp i32 %zs to float
  %lt = fcmp olt float %x, %y
  %r8 = select i1 %lt, float %y, float %z
  %ax = call float @llvm.fabs.f32(float %x)
  %ny = fneg float %y
  %r9 = fmul float %ax, %ny
  %o = mul i32 %g, 10
  %p0 = getelementptr float, ptr addrspace(1) %out, i32 %o
  store float %r0, ptr addrspace(1) %p0
  %q1 = getelementptr float, ptr addrspace(1) %p0, i32 1
  store float %r1, ptr addrspace(1) %q1
  %q2 = getelementptr float, ptr addrspace(1) %p0, i32 2
  store float %r2, ptr addrspace(1) %q2
  %q3 = getelementptr float, ptr addrspace(1) %p0, i32 3
  store float %r3, ptr addrspace(1) %q3
  %q4 = getelementptr float, ptr addrspace(1) %p0, i32 4
  store float %r4, ptr addrspace(1) %q4
  %q5 = getelementptr float, ptr addrspace(1) %p0, i32 5
  store float %r5, ptr addrspace(1) %q5
  %q6 = getelementptr float, ptr addrspace(1) %p0, i32 6
  store float %r6, ptr addrspace(1) %q6
  %q7 = getelementptr float, ptr addrspace(1) %p0, i32 7
  store float %r7, ptr addrspace(1) %q7
  %q8 = getelementptr float, ptr addrspace(1) %p0, i32 8
  store float %r8, ptr addrspace(1) %q8
  %q9 = getelementptr float, ptr addrspace(1) %p0, i32 9
  store float %r9, ptr addrspace(1) %q9
  ret void
}
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.maxnum.f32(float, float)
declare float @llvm.fabs.f32(float)
