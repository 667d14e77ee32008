; permlane16 and permlanex16 with selects 0x12345670 / 0xfedcba98 (lanes 0-7 / 8-15 of
; each row pick a lane of their row, or of the other row of the pair), and
; permlane16 with swapped selects: three words per invocation.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %r0 = call i32 @llvm.amdgcn.permlane16.i32(i32 0, i32 %x, i32 305419888, i32 -19088744, i1 false, i1 false)
  %r1 = call i32 @llvm.amdgcn.permlanex16.i32(i32 0, i32 %x, i32 305419888, i32 -19088744, i1 false, i1 false)
  %r2 = call i32 @llvm.amdgcn.permlane16.i32(i32 0, i32 %x, i32 -19088744, i32 305419888, i1 false, i1 false)
  %o = mul i32 %g, 3
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r0, ptr addrspace(1) %p0
  %q1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r1, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %r2, ptr addrspace(1) %q2
  ret void
}
declare i32 @llvm.amdgcn.permlane16.i32(i32, i32, i32, i32, i1, i1)
declare i32 @llvm.amdgcn.permlanex16.i32(i32, i32, i32, i32, i1, i1)
