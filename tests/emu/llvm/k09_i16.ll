; 16-bit integer math on the halves of in[g] (a low, b high): a * b, a + b,
; a >> (b & 15) logical and arithmetic, umin, smax, a / (b | 1), packed two per word.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %a = trunc i32 %x to i16
  %xh = lshr i32 %x, 16
  %b = trunc i32 %xh to i16
  %r0 = mul i16 %a, %b
  %r1 = add i16 %a, %b
  %sh = and i16 %b, 15
  %r2 = lshr i16 %a, %sh
  %r3 = ashr i16 %a, %sh
  %r4 = call i16 @llvm.umin.i16(i16 %a, i16 %b)
  %r5 = call i16 @llvm.smax.i16(i16 %a, i16 %b)
  %d = or i16 %b, 1
  %r6 = udiv i16 %a, %d
  %r7 = sub i16 %a, %b
  %o = shl i32 %g, 3
  %p0b = getelementptr i16, ptr addrspace(1) %out, i32 %o
  store i16 %r0, ptr addrspace(1) %p0b
  %q1 = getelementptr i16, ptr addrspace(1) %p0b, i32 1
  store i16 %r1, ptr addrspace(1) %q1
  %q2 = getelementptr i16, ptr addrspace(1) %p0b, i32 2
  store i16 %r2, ptr addrspace(1) %q2
  %q3 = getelementptr i16, ptr addrspace(1) %p0b, i32 3
  store i16 %r3, ptr addrspace(1) %q3
  %q4 = getelementptr i16, ptr addrspace(1) %p0b, i32 4
  store i16 %r4, ptr addrspace(1) %q4
  %q5 = getelementptr i16, ptr addrspace(1) %p0b, i32 5
  store i16 %r5, ptr addrspace(1) %q5
  %q6 = getelementptr i16, ptr addrspace(1) %p0b, i32 6
  store i16 %r6, ptr addrspace(1) %q6
  %q7 = getelementptr i16, ptr addrspace(1) %p0b, i32 7
  store i16 %r7, ptr addrspace(1) %q7
  ret void
}
declare i16 @llvm.umin.i16(i16, i16)
declare i16 @llvm.smax.i16(i16, i16)
