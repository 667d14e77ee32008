; 64-bit float math: with x = in64[g], y = in64[g + 64], z = in64[g + 128] as doubles:
; x + y, x * y, fma(x, y, z), x / y (llc's correctly rounded expansion), fptosi(x),
; sitofp(low word of z), minnum(x, y), x < z ? x : y.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr double, ptr addrspace(1) %in, i32 %g
  %x = load double, ptr addrspace(1) %pa
  %g2 = add i32 %g, 64
  %pb = getelementptr double, ptr addrspace(1) %in, i32 %g2
  %y = load double, ptr addrspace(1) %pb
  %g3 = add i32 %g, 128
  %pc = getelementptr double, ptr addrspace(1) %in, i32 %g3
  %z = load double, ptr addrspace(1) %pc
  %r0 = fadd double %x, %y
  %r1 = fmul double %x, %y
  %r2 = call double @llvm.fma.f64(double %x, double %y, double %z)
  %r3 = fdiv double %x, %y
  %i4 = fptosi double %x to i64
  %r4 = bitcast i64 %i4 to double
  %zb = bitcast double %z to i64
  %zl = trunc i64 %zb to i32
  %r5 = sitofp i32 %zl to double
  %r6 = call double @llvm.minnum.f64(double %x, double %y)
  %lt = fcmp olt double %x, %z
  %r7 = select i1 %lt, double %x, double %y
  %o = shl i32 %g, 3
  %p0 = getelementptr double, ptr addrspace(1) %out, i32 %o
  store double %r0, ptr addrspace(1) %p0
  %q1 = getelementptr double, ptr addrspace(1) %p0, i32 1
  store double %r1, ptr addrspace(1) %q1
  %q2 = getelementptr double, ptr addrspace(1) %p0, i32 2
  store double %r2, ptr addrspace(1) %q2
  %q3 = getelementptr double, ptr addrspace(1) %p0, i32 3
  store double %r3, ptr addrspace(1) %q3
  %q4 = getelementptr double, ptr addrspace(1) %p0, i32 4
  store double %r4, ptr addrspace(1) %q4
  %q5 = getelementptr double, ptr addrspace(1) %p0, i32 5
  store double %r5, ptr addrspace(1) %q5
  %q6 = getelementptr double, ptr addrspace(1) %p0, i32 6
  store double %r6, ptr addrspace(1) %q6
  %q7 = getelementptr double, ptr addrspace(1) %p0, i32 7
  store double %r7, ptr addrspace(1) %q7
  ret void
}
declare double @llvm.fma.f64(double, double, double)
declare double @llvm.minnum.f64(double, double)
