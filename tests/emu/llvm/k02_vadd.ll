; out[g] = (in[g] + in[g + 128]) ^ n: global loads and a store.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %a = load i32, ptr addrspace(1) %pa
  %g2 = add i32 %g, 128
  %pb = getelementptr i32, ptr addrspace(1) %in, i32 %g2
  %b = load i32, ptr addrspace(1) %pb
  %s = add i32 %a, %b
  %v = xor i32 %s, %n
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %v, ptr addrspace(1) %p
  ret void
}
