; Bit operations: ctpop, ctlz, cttz (zero defined), bitreverse, bswap, fshl, umulh
; (through a 64-bit multiply), ctpop of a 64-bit value, smin, with x = in[g],
; y = in[g + 128]; 9 words per invocation.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x0 = load i32, ptr addrspace(1) %pa
  %g2 = add i32 %g, 128
  %pb = getelementptr i32, ptr addrspace(1) %in, i32 %g2
  %y = load i32, ptr addrspace(1) %pb
  %sh = and i32 %y, 31
  %x = lshr i32 %x0, %sh
  %r0 = call i32 @llvm.ctpop.i32(i32 %x)
  %r1 = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  %r2 = call i32 @llvm.cttz.i32(i32 %x, i1 false)
  %r3 = call i32 @llvm.bitreverse.i32(i32 %x)
  %r4 = call i32 @llvm.bswap.i32(i32 %y)
  %r5 = call i32 @llvm.fshl.i32(i32 %x0, i32 %y, i32 %y)
  %xz = zext i32 %x0 to i64
  %yz = zext i32 %y to i64
  %pr = mul i64 %xz, %yz
  %ph = lshr i64 %pr, 32
  %r6 = trunc i64 %ph to i32
  %w = shl i64 %pr, 3
  %r7w = call i64 @llvm.ctpop.i64(i64 %w)
  %r7 = trunc i64 %r7w to i32
  %r8 = call i32 @llvm.smin.i32(i32 %x0, i32 %y)
  %o = mul i32 %g, 9
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r0, ptr addrspace(1) %p0
  %q1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r1, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %r2, ptr addrspace(1) %q2
  %q3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %r3, ptr addrspace(1) %q3
  %q4 = getelementptr i32, ptr addrspace(1) %p0, i32 4
  store i32 %r4, ptr addrspace(1) %q4
  %q5 = getelementptr i32, ptr addrspace(1) %p0, i32 5
  store i32 %r5, ptr addrspace(1) %q5
  %q6 = getelementptr i32, ptr addrspace(1) %p0, i32 6
  store i32 %r6, ptr addrspace(1) %q6
  %q7 = getelementptr i32, ptr addrspace(1) %p0, i32 7
  store i32 %r7, ptr addrspace(1) %q7
  %q8 = getelementptr i32, ptr addrspace(1) %p0, i32 8
  store i32 %r8, ptr addrspace(1) %q8
  ret void
}
declare i32 @llvm.ctpop.i32(i32)
declare i64 @llvm.ctpop.i64(i64)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bitreverse.i32(i32)
declare i32 @llvm.bswap.i32(i32)
declare i32 @llvm.fshl.i32(i32, i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
