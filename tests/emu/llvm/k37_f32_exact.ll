; Exact f32 operations on edge values (denormals, huge values, infinities): floor,
; ceil, trunc, rint, copysign, ldexp by (bits of y) % 64 - 32, frexp (mantissa and
; exponent), fptosi.sat and fptoui.sat (saturating), and x * y, where the
; inputs include infinities and denormals (never a NaN result); 11 words each.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr float, ptr addrspace(1) %in, i32 %g
  %x = load float, ptr addrspace(1) %pa
  %g2 = add i32 %g, 128
  %pb = getelementptr float, ptr addrspace(1) %in, i32 %g2
  %y = load float, ptr addrspace(1) %pb
  %r0 = call float @llvm.floor.f32(float %x)
  %r1 = call float @llvm.ceil.f32(float %x)
  %r2 = call float @llvm.trunc.f32(float %x)
  %r3 = call float @llvm.rint.f32(float %x)
  %r4 = call float @llvm.copysign.f32(float %x, float %y)
  %yb = bitcast float %y to i32
  %e64 = and i32 %yb, 63
  %e = sub i32 %e64, 32
  %r5 = call float @llvm.ldexp.f32.i32(float %x, i32 %e)
  %fr = call { float, i32 } @llvm.frexp.f32.i32(float %x)
  %r6 = extractvalue { float, i32 } %fr, 0
  %r7f = extractvalue { float, i32 } %fr, 1
  %r7 = bitcast i32 %r7f to float
  %s8 = call i32 @llvm.fptosi.sat.i32.f32(float %x)
  %r8 = bitcast i32 %s8 to float
  %u9 = call i32 @llvm.fptoui.sat.i32.f32(float %y)
  %r9 = bitcast i32 %u9 to float
  %r10 = fmul float %x, %y
  %o = mul i32 %g, 11
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
  %q10 = getelementptr float, ptr addrspace(1) %p0, i32 10
  store float %r10, ptr addrspace(1) %q10
  ret void
}
declare float @llvm.floor.f32(float)
declare float @llvm.ceil.f32(float)
declare float @llvm.trunc.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.copysign.f32(float, float)
declare float @llvm.ldexp.f32.i32(float, i32)
declare { float, i32 } @llvm.frexp.f32.i32(float)
declare i32 @llvm.fptosi.sat.i32.f32(float)
declare i32 @llvm.fptoui.sat.i32.f32(float)
