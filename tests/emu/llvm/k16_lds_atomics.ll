; LDS atomics from all waves of a 128-wide workgroup: l == 0 clears four counters, a
; barrier, then each invocation adds in[g] & 0xff, takes the unsigned max of in[g],
; xors in[g], and draws a ticket (atomic add 1) whose bit it sets in a bitmap; after a
; barrier l < 8 copies counters and bitmap to out[wg * 8 + l].
@lds = internal addrspace(3) global [8 x i32] poison, align 4

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 7
  %g = add i32 %wb, %l
  %small = icmp ult i32 %l, 8
  br i1 %small, label %init, label %go
init:
  %li = getelementptr [8 x i32], ptr addrspace(3) @lds, i32 0, i32 %l
  store i32 0, ptr addrspace(3) %li
  br label %go
go:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %xb = and i32 %x, 255
  %c0 = getelementptr [8 x i32], ptr addrspace(3) @lds, i32 0, i32 0
  %o0 = atomicrmw add ptr addrspace(3) %c0, i32 %xb syncscope("workgroup") monotonic
  %c1 = getelementptr [8 x i32], ptr addrspace(3) @lds, i32 0, i32 1
  %o1 = atomicrmw umax ptr addrspace(3) %c1, i32 %x syncscope("workgroup") monotonic
  %c2 = getelementptr [8 x i32], ptr addrspace(3) @lds, i32 0, i32 2
  %o2 = atomicrmw xor ptr addrspace(3) %c2, i32 %x syncscope("workgroup") monotonic
  %c3 = getelementptr [8 x i32], ptr addrspace(3) @lds, i32 0, i32 3
  %t = atomicrmw add ptr addrspace(3) %c3, i32 1 syncscope("workgroup") monotonic
  %tw = lshr i32 %t, 5
  %tw4 = add i32 %tw, 4
  %tb = and i32 %t, 31
  %bit = shl i32 1, %tb
  %cb = getelementptr [8 x i32], ptr addrspace(3) @lds, i32 0, i32 %tw4
  %o4 = atomicrmw or ptr addrspace(3) %cb, i32 %bit syncscope("workgroup") monotonic
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %small, label %copy, label %end
copy:
  %lc = getelementptr [8 x i32], ptr addrspace(3) @lds, i32 0, i32 %l
  %v = load i32, ptr addrspace(3) %lc
  %wo = shl i32 %wg, 3
  %oi = add i32 %wo, %l
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %oi
  store i32 %v, ptr addrspace(1) %po
  br label %end
end:
  ret void
}
declare void @llvm.amdgcn.s.barrier()
