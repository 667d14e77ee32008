; Wide and paired LDS accesses and LDS compare-and-swap across the waves of a 128-wide
; workgroup: each invocation writes <2 x i32> {x, x ^ l} at lds2[l] and a <4 x i32> at
; lds4[l]; after a barrier it reads lds2[127 - l], lds4[(l + 9) & 127] and two dwords
; 64 apart (a ds_read2 pattern). l == 0 sets two counters (0 and 100) before the
; barrier; every invocation adds 1 to the first with a compare-and-swap loop and takes
; the signed minimum of the second with x srem 1000. out[4g..4g+3] the values read,
; out[1024 + 2wg], out[1025 + 2wg] the counters after a last barrier.
@lds2 = internal addrspace(3) global [128 x <2 x i32>] poison, align 8
@lds4 = internal addrspace(3) global [128 x <4 x i32>] poison, align 16
@cnt = internal addrspace(3) global [2 x i32] poison, align 4

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 7
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %xl = xor i32 %x, %l
  %v2a = insertelement <2 x i32> poison, i32 %x, i32 0
  %v2 = insertelement <2 x i32> %v2a, i32 %xl, i32 1
  %p2 = getelementptr [128 x <2 x i32>], ptr addrspace(3) @lds2, i32 0, i32 %l
  store <2 x i32> %v2, ptr addrspace(3) %p2
  %x1 = add i32 %x, 1
  %x2 = mul i32 %x, 3
  %v4a = insertelement <4 x i32> poison, i32 %x, i32 0
  %v4b = insertelement <4 x i32> %v4a, i32 %x1, i32 1
  %v4c = insertelement <4 x i32> %v4b, i32 %x2, i32 2
  %v4 = insertelement <4 x i32> %v4c, i32 %l, i32 3
  %p4 = getelementptr [128 x <4 x i32>], ptr addrspace(3) @lds4, i32 0, i32 %l
  store <4 x i32> %v4, ptr addrspace(3) %p4
  %first = icmp eq i32 %l, 0
  br i1 %first, label %init, label %sync
init:
  %c0 = getelementptr [2 x i32], ptr addrspace(3) @cnt, i32 0, i32 0
  store i32 0, ptr addrspace(3) %c0
  %c1i = getelementptr [2 x i32], ptr addrspace(3) @cnt, i32 0, i32 1
  store i32 100, ptr addrspace(3) %c1i
  br label %sync
sync:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %rl = sub i32 127, %l
  %q2 = getelementptr [128 x <2 x i32>], ptr addrspace(3) @lds2, i32 0, i32 %rl
  %w2 = load <2 x i32>, ptr addrspace(3) %q2
  %l9 = add i32 %l, 9
  %l9m = and i32 %l9, 127
  %q4 = getelementptr [128 x <4 x i32>], ptr addrspace(3) @lds4, i32 0, i32 %l9m
  %w4 = load <4 x i32>, ptr addrspace(3) %q4
  %lh = and i32 %l, 63
  %qa = getelementptr [128 x <2 x i32>], ptr addrspace(3) @lds2, i32 0, i32 %lh
  %a = load i32, ptr addrspace(3) %qa, align 8
  %lh64 = add i32 %lh, 64
  %qb = getelementptr [128 x <2 x i32>], ptr addrspace(3) @lds2, i32 0, i32 %lh64
  %b = load i32, ptr addrspace(3) %qb, align 8
  %pc = getelementptr [2 x i32], ptr addrspace(3) @cnt, i32 0, i32 0
  %init0 = load atomic i32, ptr addrspace(3) %pc syncscope("workgroup") monotonic, align 4
  br label %cas
cas:
  %old = phi i32 [ %init0, %sync ], [ %seen, %cas ]
  %new = add i32 %old, 1
  %pair = cmpxchg ptr addrspace(3) %pc, i32 %old, i32 %new syncscope("workgroup") monotonic monotonic
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %casdone, label %cas
casdone:
  %pm = getelementptr [2 x i32], ptr addrspace(3) @cnt, i32 0, i32 1
  %xm = srem i32 %x, 1000
  %am = atomicrmw min ptr addrspace(3) %pm, i32 %xm syncscope("workgroup") monotonic
  %s0 = extractelement <2 x i32> %w2, i32 0
  %s1 = extractelement <2 x i32> %w2, i32 1
  %t0 = extractelement <4 x i32> %w4, i32 1
  %t1 = extractelement <4 x i32> %w4, i32 2
  %t2 = extractelement <4 x i32> %w4, i32 3
  %u0 = add i32 %t0, %t1
  %u1 = xor i32 %u0, %t2
  %ab = sub i32 %a, %b
  %o = shl i32 %g, 2
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %s0, ptr addrspace(1) %po
  %po1 = getelementptr i32, ptr addrspace(1) %po, i32 1
  store i32 %s1, ptr addrspace(1) %po1
  %po2 = getelementptr i32, ptr addrspace(1) %po, i32 2
  store i32 %u1, ptr addrspace(1) %po2
  %po3 = getelementptr i32, ptr addrspace(1) %po, i32 3
  store i32 %ab, ptr addrspace(1) %po3
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %first, label %wr, label %end
wr:
  %c0v = load i32, ptr addrspace(3) %pc
  %c1v = load i32, ptr addrspace(3) %pm
  %ow = shl i32 %wg, 1
  %ow2 = add i32 %ow, 1024
  %pw = getelementptr i32, ptr addrspace(1) %out, i32 %ow2
  store i32 %c0v, ptr addrspace(1) %pw
  %pw1 = getelementptr i32, ptr addrspace(1) %pw, i32 1
  store i32 %c1v, ptr addrspace(1) %pw1
  br label %end
end:
  ret void
}
declare void @llvm.amdgcn.s.barrier()
