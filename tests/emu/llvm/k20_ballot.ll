; Lane masks: the icmp intrinsic (in[g] odd) and ballot (l % 5 == 0) as 64-bit masks
; (zero high half in wave32), in a divergent branch too (lanes l < 40: ballot of
; l % 3 == 0 among them, 12345 elsewhere): three 64-bit words per invocation.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %xo = and i32 %x, 1
  %b0 = call i64 @llvm.amdgcn.icmp.i64.i32(i32 %xo, i32 0, i32 33)
  %m5 = urem i32 %l, 5
  %c5 = icmp eq i32 %m5, 0
  %b1 = call i64 @llvm.amdgcn.ballot.i64(i1 %c5)
  %lt = icmp ult i32 %l, 40
  br i1 %lt, label %then, label %done
then:
  %m3 = urem i32 %l, 3
  %c3 = icmp eq i32 %m3, 0
  %bt = call i64 @llvm.amdgcn.ballot.i64(i1 %c3)
  br label %done
done:
  %b2 = phi i64 [ 12345, %entry ], [ %bt, %then ]
  %o = mul i32 %g, 3
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %o
  store i64 %b0, ptr addrspace(1) %p0
  %q1 = getelementptr i64, ptr addrspace(1) %p0, i32 1
  store i64 %b1, ptr addrspace(1) %q1
  %q2 = getelementptr i64, ptr addrspace(1) %p0, i32 2
  store i64 %b2, ptr addrspace(1) %q2
  ret void
}
declare i64 @llvm.amdgcn.icmp.i64.i32(i32, i32, i32)
declare i64 @llvm.amdgcn.ballot.i64(i1)
