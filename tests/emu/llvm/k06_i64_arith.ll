; 64-bit integer math: a * b, a + (b << 7), a >> (b & 63) logical and arithmetic,
; with a = in64[g], b = in64[g + 64]; four 64-bit results per invocation.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %g
  %a = load i64, ptr addrspace(1) %pa
  %g2 = add i32 %g, 64
  %pb = getelementptr i64, ptr addrspace(1) %in, i32 %g2
  %b = load i64, ptr addrspace(1) %pb
  %r0 = mul i64 %a, %b
  %bs = shl i64 %b, 7
  %r1 = add i64 %a, %bs
  %sh = and i64 %b, 63
  %r2 = lshr i64 %a, %sh
  %r3 = ashr i64 %a, %sh
  %o = shl i32 %g, 2
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %o
  store i64 %r0, ptr addrspace(1) %p0
  %p1 = getelementptr i64, ptr addrspace(1) %p0, i32 1
  store i64 %r1, ptr addrspace(1) %p1
  %p2 = getelementptr i64, ptr addrspace(1) %p0, i32 2
  store i64 %r2, ptr addrspace(1) %p2
  %p3 = getelementptr i64, ptr addrspace(1) %p0, i32 3
  store i64 %r3, ptr addrspace(1) %p3
  ret void
}
