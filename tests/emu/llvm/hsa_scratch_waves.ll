; An AMDHSA kernel (llc-19's own entry ABI, read from its kernel descriptor) with private
; memory held across a barrier by several waves: test_hw_dispatch.c runs it through the
; emulator's hardware-style dispatch. out[wg * 128 + lid] = wg * 1000 + lid.
define amdgpu_kernel void @k(ptr addrspace(1) %out) #0 {
  %a = alloca [8 x i32], align 4, addrspace(5)
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %t = mul i32 %wg, 1000
  %v = add i32 %t, %lid
  %k = and i32 %lid, 7
  %p = getelementptr [8 x i32], ptr addrspace(5) %a, i32 0, i32 %k
  store volatile i32 %v, ptr addrspace(5) %p
  call void @llvm.amdgcn.s.barrier()
  %r = load volatile i32, ptr addrspace(5) %p
  %b = mul i32 %wg, 128
  %g = add i32 %b, %lid
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %o
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()
attributes #0 = { "amdgpu-flat-work-group-size"="128,128" }
