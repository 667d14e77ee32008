; Callee-saved registers: the callee clobbers v40-v43, s20-s21 and s64 (inline asm), so
; llc saves and restores them; the caller keeps 24 values live across three calls in a
; loop, so they sit in callee-saved registers. out[g] = sum of all of them.
define internal amdgpu_gfx i32 @work(i32 %x, i32 %i) noinline {
  call void asm sideeffect "", "~{v40},~{v41},~{v42},~{v43},~{s20},~{s21},~{s64}"()
  %a = mul i32 %x, %i
  %r = add i32 %a, 3
  ret i32 %r
}

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr <8 x i32>, ptr addrspace(1) %in, i32 %g
  %va = load volatile <8 x i32>, ptr addrspace(1) %pa
  %g64 = add i32 %g, 128
  %pb = getelementptr <8 x i32>, ptr addrspace(1) %in, i32 %g64
  %vb = load volatile <8 x i32>, ptr addrspace(1) %pb
  %vc = mul <8 x i32> %va, %vb
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]
  %r = call amdgpu_gfx i32 @work(i32 %g, i32 %i)
  %acc1 = add i32 %acc, %r
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 3
  br i1 %c, label %loop, label %done
done:
  %s0 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %va)
  %s1 = call i32 @llvm.vector.reduce.xor.v8i32(<8 x i32> %vb)
  %s2 = call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> %vc)
  %t0 = add i32 %s0, %s1
  %t1 = add i32 %t0, %s2
  %t2 = add i32 %t1, %acc1
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %t2, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)
declare i32 @llvm.vector.reduce.xor.v8i32(<8 x i32>)
