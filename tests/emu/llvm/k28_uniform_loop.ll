; Uniform control flow and scalar loads: the input is a constant-address-space pointer,
; so the uniform loop sum of in[0..n) uses s_load and a scalar branch; then a uniform
; branch on the sum's parity. out[g] = sum + l (+ in[l] when the sum is odd).
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(4) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %z = icmp eq i32 %n, 0
  br i1 %z, label %summed, label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %pi = getelementptr i32, ptr addrspace(4) %in, i32 %i
  %v = load i32, ptr addrspace(4) %pi, !invariant.load !0
  %s1 = add i32 %s, %v
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %summed
summed:
  %sum = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %b = add i32 %sum, %l
  %par = and i32 %sum, 1
  %odd = icmp ne i32 %par, 0
  br i1 %odd, label %addin, label %done
addin:
  %pl = getelementptr i32, ptr addrspace(4) %in, i32 %l
  %y = load i32, ptr addrspace(4) %pl, !invariant.load !0
  %b2 = add i32 %b, %y
  br label %done
done:
  %r = phi i32 [ %b, %summed ], [ %b2, %addin ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %p
  ret void
}
!0 = !{}
