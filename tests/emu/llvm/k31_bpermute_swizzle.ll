; Cross-lane reads through LDS hardware: ds_bpermute (lane (l * 7 + 3) & 31 of the lane's
; 32-lane half: in wave64 it does not cross halves),
; ds_swizzle in bit-mask mode (lane ^ 1 within 32 lanes) and in quad mode
; ([3,2,1,0] in each group of 4): three words per invocation.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %l7 = mul i32 %l, 7
  %l73 = add i32 %l7, 3
  %src = and i32 %l73, 31
  %addr = shl i32 %src, 2
  %r0 = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %x)
  %r1 = call i32 @llvm.amdgcn.ds.swizzle(i32 %x, i32 1055)
  %r2 = call i32 @llvm.amdgcn.ds.swizzle(i32 %x, i32 32795)
  %o = mul i32 %g, 3
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r0, ptr addrspace(1) %p0
  %q1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r1, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %r2, ptr addrspace(1) %q2
  ret void
}
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)
