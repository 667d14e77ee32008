; A loop with a per-lane trip count: out[g] = sum over i <= in[g] % 37 of (i * i ^ g).
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %cnt = urem i32 %x, 37
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %sq = mul i32 %i, %i
  %t = xor i32 %sq, %g
  %s1 = add i32 %s, %t
  %i1 = add i32 %i, 1
  %c = icmp ule i32 %i1, %cnt
  br i1 %c, label %loop, label %done
done:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %s1, ptr addrspace(1) %p
  ret void
}
