; out[g] = g * 3 + n, g = wg * 64 + local id: the launch ABI (packed local id in v0,
; workgroup id and a uniform value in SGPRs) and a global store.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %m = mul i32 %g, 3
  %v = add i32 %m, %n
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %v, ptr addrspace(1) %p
  ret void
}
