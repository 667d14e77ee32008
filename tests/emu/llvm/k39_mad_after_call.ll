; A 32-bit multiply-add after a call, as llc-19 compiles it: a * 3 + b becomes
; v_mad_u64_u32 v[2:3], null, v0, 3, v[1:2] (v_mad_co_u64_u32 on gfx1200), whose high
; addend dword v2 is an argument register the callee did not write (garbage after the
; return); only the low dword of the result is used. The callee computes its two results
; in place (v0, v1); the output address is computed before the call (kept in v[40:41]).
; x = in[g]; 2 words per invocation.
define internal amdgpu_gfx { i32, i32 } @pair(i32 %x, i32 %l) noinline {
  %a = add i32 %x, 7
  %b = xor i32 %l, 12345
  %r0 = insertvalue { i32, i32 } poison, i32 %a, 0
  %r1 = insertvalue { i32, i32 } %r0, i32 %b, 1
  ret { i32, i32 } %r1
}

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %o = shl i32 %g, 1
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  %c = call amdgpu_gfx { i32, i32 } @pair(i32 %x, i32 %l)
  %a = extractvalue { i32, i32 } %c, 0
  %b = extractvalue { i32, i32 } %c, 1
  %m = mul i32 %a, 3
  %r = add i32 %m, %b
  %r2 = xor i32 %a, %b
  store i32 %r, ptr addrspace(1) %p0
  %q1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r2, ptr addrspace(1) %q1
  ret void
}
