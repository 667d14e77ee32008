; readlane with a constant lane (5) and a lane from a uniform value (n & 31), and
; writelane of in[g] + 1 into lane 7 of the local id: three words per invocation.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %r0 = call i32 @llvm.amdgcn.readlane.i32(i32 %x, i32 5)
  %ln = and i32 %n, 31
  %r1 = call i32 @llvm.amdgcn.readlane.i32(i32 %x, i32 %ln)
  %u = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %x)
  %u1 = add i32 %u, 1
  %r2 = call i32 @llvm.amdgcn.writelane.i32(i32 %u1, i32 7, i32 %l)
  %o = mul i32 %g, 3
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r0, ptr addrspace(1) %p0
  %q1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r1, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %r2, ptr addrspace(1) %q2
  ret void
}
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i32 @llvm.amdgcn.writelane.i32(i32, i32, i32)
