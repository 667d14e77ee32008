; Barriers in a loop: four rounds over a 128-wide workgroup, each storing v to lds[l],
; a barrier, v = lds[(l + 1) & 127] * 3 + round, a barrier; out[g] = v.
@lds = internal addrspace(3) global [128 x i32] poison, align 4

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 7
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %ls = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %l
  %l1 = add i32 %l, 1
  %nb = and i32 %l1, 127
  %ln = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %nb
  br label %round
round:
  %r = phi i32 [ 0, %entry ], [ %r1, %round ]
  %v = phi i32 [ %x, %entry ], [ %v1, %round ]
  store i32 %v, ptr addrspace(3) %ls
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %y = load i32, ptr addrspace(3) %ln
  %y3 = mul i32 %y, 3
  %v1 = add i32 %y3, %r
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %r1 = add i32 %r, 1
  %more = icmp ult i32 %r1, 4
  br i1 %more, label %round, label %done
done:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %v1, ptr addrspace(1) %p
  ret void
}
declare void @llvm.amdgcn.s.barrier()
