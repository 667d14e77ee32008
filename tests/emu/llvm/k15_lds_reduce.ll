; A tree reduction in LDS over a 128-wide workgroup with a barrier per level (a loop
; with barriers inside): out[wg] = sum of in[wg * 128 + i] over i, written by l == 0;
; out[2 + g] = lds[l] after the reduction (the partial sums each level left).
@lds = internal addrspace(3) global [128 x i32] poison, align 4

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 7
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %ls = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %l
  store i32 %x, ptr addrspace(3) %ls
  br label %level
level:
  %s = phi i32 [ 64, %entry ], [ %s1, %next ]
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %act = icmp ult i32 %l, %s
  br i1 %act, label %add, label %next
add:
  %o = add i32 %l, %s
  %lo = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %o
  %a = load i32, ptr addrspace(3) %lo
  %b = load i32, ptr addrspace(3) %ls
  %c = add i32 %a, %b
  store i32 %c, ptr addrspace(3) %ls
  br label %next
next:
  %s1 = lshr i32 %s, 1
  %more = icmp ne i32 %s1, 0
  br i1 %more, label %level, label %done
done:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %f = load i32, ptr addrspace(3) %ls
  %g2 = add i32 %g, 2
  %pf = getelementptr i32, ptr addrspace(1) %out, i32 %g2
  store i32 %f, ptr addrspace(1) %pf
  %first = icmp eq i32 %l, 0
  br i1 %first, label %wr, label %end
wr:
  %pw = getelementptr i32, ptr addrspace(1) %out, i32 %wg
  store i32 %f, ptr addrspace(1) %pw
  br label %end
end:
  ret void
}
declare void @llvm.amdgcn.s.barrier()
