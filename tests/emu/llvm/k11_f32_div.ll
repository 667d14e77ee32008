; Correctly rounded 32-bit division and square root as llc expands them
; (v_div_scale/v_div_fmas/v_div_fixup, v_sqrt with corrections): x / y, sqrt(|x|),
; 1.0 / y, with x = in[g], y = in[g + 128] as floats.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %g
  %x = load float, ptr addrspace(1) %pa
  %g2 = add i32 %g, 128
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %g2
  %y = load float, ptr addrspace(1) %pb
  %r0 = fdiv float %x, %y
  %ax = call float @llvm.fabs.f32(float %x)
  %r1 = call float @llvm.sqrt.f32(float %ax)
  %r2 = fdiv float 1.0, %y
  %o = mul i32 %g, 3
  %p0 = getelementptr float, ptr addrspace(1) %out, i32 %o
  store float %r0, ptr addrspace(1) %p0
  %q1 = getelementptr float, ptr addrspace(1) %p0, i32 1
  store float %r1, ptr addrspace(1) %q1
  %q2 = getelementptr float, ptr addrspace(1) %p0, i32 2
  store float %r2, ptr addrspace(1) %q2
  ret void
}
declare float @llvm.fabs.f32(float)
declare float @llvm.sqrt.f32(float)
