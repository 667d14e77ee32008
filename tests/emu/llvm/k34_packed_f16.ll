; Packed 16-bit float math on <2 x half> (v_pk_* on every level): with a = halves of
; fptrunc(x), fptrunc(y) and b = fptrunc(z), fptrunc(x): a + b, a * b, a - b, minnum,
; fneg(a) * b; five words per invocation.
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
  %hx = fptrunc float %x to half
  %hy = fptrunc float %y to half
  %hz = fptrunc float %z to half
  %a0 = insertelement <2 x half> poison, half %hx, i32 0
  %a = insertelement <2 x half> %a0, half %hy, i32 1
  %b0 = insertelement <2 x half> poison, half %hz, i32 0
  %b = insertelement <2 x half> %b0, half %hx, i32 1
  %r0 = fadd <2 x half> %a, %b
  %r1 = fmul <2 x half> %a, %b
  %r2 = fsub <2 x half> %a, %b
  %r3 = call <2 x half> @llvm.minnum.v2f16(<2 x half> %a, <2 x half> %b)
  %na = fneg <2 x half> %a
  %r4 = fmul <2 x half> %na, %b
  %o = mul i32 %g, 5
  %p0 = getelementptr <2 x half>, ptr addrspace(1) %out, i32 %o
  store <2 x half> %r0, ptr addrspace(1) %p0
  %q1 = getelementptr <2 x half>, ptr addrspace(1) %p0, i32 1
  store <2 x half> %r1, ptr addrspace(1) %q1
  %q2 = getelementptr <2 x half>, ptr addrspace(1) %p0, i32 2
  store <2 x half> %r2, ptr addrspace(1) %q2
  %q3 = getelementptr <2 x half>, ptr addrspace(1) %p0, i32 3
  store <2 x half> %r3, ptr addrspace(1) %q3
  %q4 = getelementptr <2 x half>, ptr addrspace(1) %p0, i32 4
  store <2 x half> %r4, ptr addrspace(1) %q4
  ret void
}
declare <2 x half> @llvm.minnum.v2f16(<2 x half>, <2 x half>)
