; LDS across waves: each invocation of a 128-wide workgroup stores in[g] to lds[l],
; a barrier, then out[g] = lds[127 - l] + l (the value of another wave for most l).
@lds = internal addrspace(3) global [128 x i32] poison, align 4

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 7
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %ls = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %l
  store i32 %x, ptr addrspace(3) %ls
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %rl = sub i32 127, %l
  %lr = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %rl
  %y = load i32, ptr addrspace(3) %lr
  %v = add i32 %y, %l
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %v, ptr addrspace(1) %p
  ret void
}
declare void @llvm.amdgcn.s.barrier()
