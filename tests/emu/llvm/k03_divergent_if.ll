; Nested divergent branches: x odd -> 3x + 1, else x >> 1; lanes below 20 add 100
; (and lanes below 5 of those subtract a loaded value).
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %odd = and i32 %x, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %else
then:
  %t3 = mul i32 %x, 3
  %t = add i32 %t3, 1
  br label %join
else:
  %e = lshr i32 %x, 1
  br label %join
join:
  %v = phi i32 [ %t, %then ], [ %e, %else ]
  %small = icmp ult i32 %l, 20
  br i1 %small, label %add, label %done
add:
  %v2 = add i32 %v, 100
  %tiny = icmp ult i32 %l, 5
  br i1 %tiny, label %sub, label %done
sub:
  %g3 = add i32 %g, 128
  %pc = getelementptr i32, ptr addrspace(1) %in, i32 %g3
  %y = load i32, ptr addrspace(1) %pc
  %v3 = sub i32 %v2, %y
  br label %done
done:
  %r = phi i32 [ %v, %join ], [ %v2, %add ], [ %v3, %sub ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %p
  ret void
}
