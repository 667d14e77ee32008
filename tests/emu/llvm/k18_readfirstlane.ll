; readfirstlane under divergence: lanes with l % 3 == 1 read the first such lane's
; in[g] * 5; the others keep in[g].
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %m = urem i32 %l, 3
  %c = icmp eq i32 %m, 1
  br i1 %c, label %then, label %done
then:
  %x5 = mul i32 %x, 5
  %f = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %x5)
  br label %done
done:
  %v = phi i32 [ %x, %entry ], [ %f, %then ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %v, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
