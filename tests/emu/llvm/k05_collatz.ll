; A data-dependent loop with a divergent exit and a second exit at a step bound:
; out[g] = Collatz steps of (in[g] % 1000 + 1), at most 300, plus (final x << 16).
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x0 = load i32, ptr addrspace(1) %pa
  %xm = urem i32 %x0, 1000
  %x1 = add i32 %xm, 1
  br label %head
head:
  %x = phi i32 [ %x1, %entry ], [ %xn, %body ]
  %st = phi i32 [ 0, %entry ], [ %st1, %body ]
  %one = icmp eq i32 %x, 1
  br i1 %one, label %done, label %check
check:
  %lim = icmp uge i32 %st, 300
  br i1 %lim, label %done, label %body
body:
  %b = and i32 %x, 1
  %odd = icmp ne i32 %b, 0
  %m3 = mul i32 %x, 3
  %a1 = add i32 %m3, 1
  %h = lshr i32 %x, 1
  %xn = select i1 %odd, i32 %a1, i32 %h
  %st1 = add i32 %st, 1
  br label %head
done:
  %xs = shl i32 %x, 16
  %r = or i32 %xs, %st
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %p
  ret void
}
