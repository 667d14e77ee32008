; DPP lane moves (llvm.amdgcn.update.dpp and mov.dpp) of x = in[g] within rows of 16
; lanes: row_shr:1 keeping old (77) where no source, quad_perm [3,2,1,0] with bound_ctrl,
; row_mirror, row_ror:4, row_share:3, row_half_mirror, row_shl:2 with bound_ctrl (0),
; row_xmask:1, and row_shr:1 with row_mask 0x5 (rows 1 and 3 keep old); 9 words each.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %r0 = call i32 @llvm.amdgcn.update.dpp.i32(i32 77, i32 %x, i32 273, i32 15, i32 15, i1 false)
  %r1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 27, i32 15, i32 15, i1 true)
  %r2 = call i32 @llvm.amdgcn.mov.dpp.i32(i32 %x, i32 320, i32 15, i32 15, i1 true)
  %r3 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 292, i32 15, i32 15, i1 true)
  %r4 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 339, i32 15, i32 15, i1 true)
  %r5 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 321, i32 15, i32 15, i1 true)
  %r6 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 258, i32 15, i32 15, i1 true)
  %r7 = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %x, i32 353, i32 15, i32 15, i1 true)
  %r8 = call i32 @llvm.amdgcn.update.dpp.i32(i32 77, i32 %x, i32 273, i32 5, i32 15, i1 false)
  %o = mul i32 %g, 9
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r0, ptr addrspace(1) %p0
  %q1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r1, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %r2, ptr addrspace(1) %q2
  %q3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %r3, ptr addrspace(1) %q3
  %q4 = getelementptr i32, ptr addrspace(1) %p0, i32 4
  store i32 %r4, ptr addrspace(1) %q4
  %q5 = getelementptr i32, ptr addrspace(1) %p0, i32 5
  store i32 %r5, ptr addrspace(1) %q5
  %q6 = getelementptr i32, ptr addrspace(1) %p0, i32 6
  store i32 %r6, ptr addrspace(1) %q6
  %q7 = getelementptr i32, ptr addrspace(1) %p0, i32 7
  store i32 %r7, ptr addrspace(1) %q7
  %q8 = getelementptr i32, ptr addrspace(1) %p0, i32 8
  store i32 %r8, ptr addrspace(1) %q8
  ret void
}
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
declare i32 @llvm.amdgcn.mov.dpp.i32(i32, i32, i32, i32, i1)
