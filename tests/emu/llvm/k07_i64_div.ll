; 64-bit division (expanded by llc into a long VALU sequence): with a = in64[g] and
; d = (in64[g + 64] >> (in64[g + 64] & 63)) | 1: a / d unsigned and a % d signed.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i64, ptr addrspace(1) %in, i32 %g
  %a = load i64, ptr addrspace(1) %pa
  %g2 = add i32 %g, 64
  %pb = getelementptr i64, ptr addrspace(1) %in, i32 %g2
  %b = load i64, ptr addrspace(1) %pb
  %sh = and i64 %b, 63
  %bsh = lshr i64 %b, %sh
  %d = or i64 %bsh, 1
  %q = udiv i64 %a, %d
  %ah = ashr i64 %a, 1
  %r = srem i64 %ah, %d
  %o = shl i32 %g, 1
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %o
  store i64 %q, ptr addrspace(1) %p0
  %p1 = getelementptr i64, ptr addrspace(1) %p0, i32 1
  store i64 %r, ptr addrspace(1) %p1
  ret void
}
