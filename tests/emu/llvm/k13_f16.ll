; 16-bit float math: a = fptrunc(x), b = fptrunc(y) with x = in[g], y = in[g + 128] as
; floats; a + b, a * b, a - b, minnum(a, b), fpext(a * b) and a < b ? a : b, packed.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %g
  %x = load float, ptr addrspace(1) %pa
  %g2 = add i32 %g, 128
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %g2
  %y = load float, ptr addrspace(1) %pb
  %a = fptrunc float %x to half
  %b = fptrunc float %y to half
  %r0 = fadd half %a, %b
  %r1 = fmul half %a, %b
  %r2 = fsub half %a, %b
  %r3 = call half @llvm.minnum.f16(half %a, half %b)
  %lt = fcmp olt half %a, %b
  %r4 = select i1 %lt, half %a, half %b
  %r5 = fpext half %r1 to float
  %o = mul i32 %g, 4
  %p0 = getelementptr float, ptr addrspace(1) %out, i32 %o
  %v0 = insertelement <2 x half> poison, half %r0, i32 0
  %v01 = insertelement <2 x half> %v0, half %r1, i32 1
  store <2 x half> %v01, ptr addrspace(1) %p0
  %q1 = getelementptr float, ptr addrspace(1) %p0, i32 1
  %v2 = insertelement <2 x half> poison, half %r2, i32 0
  %v23 = insertelement <2 x half> %v2, half %r3, i32 1
  store <2 x half> %v23, ptr addrspace(1) %q1
  %q2 = getelementptr float, ptr addrspace(1) %p0, i32 2
  %v4 = insertelement <2 x half> poison, half %r4, i32 0
  %v45 = insertelement <2 x half> %v4, half %a, i32 1
  store <2 x half> %v45, ptr addrspace(1) %q2
  %q3 = getelementptr float, ptr addrspace(1) %p0, i32 3
  store float %r5, ptr addrspace(1) %q3
  ret void
}
declare half @llvm.minnum.f16(half, half)
