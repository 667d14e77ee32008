; 32-bit division (expanded by llc through v_rcp_iflag_f32 and corrections): with
; a = in[g], d = (in[g + 128] >> (in[g + 128] & 31)) | 1, s = a >> 1 (arithmetic):
; a / d, a % d, s / sd and s % sd where sd is d negated when a bit of a says so.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %a = load i32, ptr addrspace(1) %pa
  %g2 = add i32 %g, 128
  %pb = getelementptr i32, ptr addrspace(1) %in, i32 %g2
  %b = load i32, ptr addrspace(1) %pb
  %sh = and i32 %b, 31
  %bsh = lshr i32 %b, %sh
  %d = or i32 %bsh, 1
  %q = udiv i32 %a, %d
  %r = urem i32 %a, %d
  %s = ashr i32 %a, 1
  %bit = and i32 %a, 4
  %neg = icmp ne i32 %bit, 0
  %nd = sub i32 0, %d
  %sd = select i1 %neg, i32 %nd, i32 %d
  %sq = sdiv i32 %s, %sd
  %sr = srem i32 %s, %sd
  %o = shl i32 %g, 2
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %q, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %sq, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %sr, ptr addrspace(1) %p3
  ret void
}
