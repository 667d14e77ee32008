; Global atomics from two workgroups: add, umax, umin, xor, or, and on out[0..5], a
; 64-bit add on out64[3] (words 6-7), a ticket from out[8] setting bits of the bitmap
; out[16..19], and a compare-and-swap loop adding in[g] & 0xffff to out[9]; the
; returned values of add and umin are combined into out[10] with an atomic add.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %xs = and i32 %x, 65535
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 0
  %a0 = atomicrmw add ptr addrspace(1) %p0, i32 %xs syncscope("agent") monotonic
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  %a1 = atomicrmw umax ptr addrspace(1) %p1, i32 %x syncscope("agent") monotonic
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  %a2 = atomicrmw umin ptr addrspace(1) %p2, i32 %x syncscope("agent") monotonic
  %p3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  %a3 = atomicrmw xor ptr addrspace(1) %p3, i32 %x syncscope("agent") monotonic
  %p4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  %a4 = atomicrmw or ptr addrspace(1) %p4, i32 %x syncscope("agent") monotonic
  %p5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  %a5 = atomicrmw and ptr addrspace(1) %p5, i32 %x syncscope("agent") monotonic
  %p6 = getelementptr i64, ptr addrspace(1) %out, i32 3
  %x64 = zext i32 %x to i64
  %a6 = atomicrmw add ptr addrspace(1) %p6, i64 %x64 syncscope("agent") monotonic
  %p8 = getelementptr i32, ptr addrspace(1) %out, i32 8
  %t = atomicrmw add ptr addrspace(1) %p8, i32 1 syncscope("agent") monotonic
  %tw = lshr i32 %t, 5
  %tw16 = add i32 %tw, 16
  %tb = and i32 %t, 31
  %bit = shl i32 1, %tb
  %pb = getelementptr i32, ptr addrspace(1) %out, i32 %tw16
  %ab = atomicrmw or ptr addrspace(1) %pb, i32 %bit syncscope("agent") monotonic
  %p9 = getelementptr i32, ptr addrspace(1) %out, i32 9
  %init = load atomic i32, ptr addrspace(1) %p9 syncscope("agent") monotonic, align 4
  br label %cas
cas:
  %old = phi i32 [ %init, %entry ], [ %seen, %cas ]
  %new = add i32 %old, %xs
  %pair = cmpxchg ptr addrspace(1) %p9, i32 %old, i32 %new syncscope("agent") monotonic monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %done, label %cas
done:
  ; a0 is a partial sum of 128 values below 0x10000, and a2 (a value out[2] held) is at
  ; least the final minimum, n: out[10] counts (a0 < 0x800000) + (a2 >= n) = 2 * 128.
  %c0 = icmp ult i32 %a0, 8388608
  %e0 = zext i1 %c0 to i32
  %c2 = icmp uge i32 %a2, %n
  %e2 = zext i1 %c2 to i32
  %e = add i32 %e0, %e2
  %p10 = getelementptr i32, ptr addrspace(1) %out, i32 10
  %a10 = atomicrmw add ptr addrspace(1) %p10, i32 %e syncscope("agent") monotonic
  ret void
}
