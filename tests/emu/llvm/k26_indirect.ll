; Divergent indirect calls: each lane calls one of three amdgpu_gfx functions chosen
; by l % 3 (llc's loop over the distinct pointers), one of which itself calls another;
; then a uniform indirect call through a pointer chosen by n.
define internal amdgpu_gfx i32 @f0(i32 %x) noinline {
  %r = add i32 %x, 1000
  ret i32 %r
}
define internal amdgpu_gfx i32 @f1(i32 %x) noinline {
  %r = mul i32 %x, 7
  ret i32 %r
}
define internal amdgpu_gfx i32 @f2(i32 %x) noinline {
  %a = call amdgpu_gfx i32 @f1(i32 %x)
  %r = xor i32 %a, 85
  ret i32 %r
}

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %m = urem i32 %l, 3
  %is0 = icmp eq i32 %m, 0
  %is1 = icmp eq i32 %m, 1
  %f12 = select i1 %is1, ptr @f1, ptr @f2
  %fp = select i1 %is0, ptr @f0, ptr %f12
  %r = call amdgpu_gfx i32 %fp(i32 %x)
  %un = and i32 %n, 1
  %u = icmp eq i32 %un, 0
  %fu = select i1 %u, ptr @f0, ptr @f2
  %r2 = call amdgpu_gfx i32 %fu(i32 %r)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r2, ptr addrspace(1) %p
  ret void
}
