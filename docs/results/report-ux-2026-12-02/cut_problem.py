import sys,re
src,prob,out=sys.argv[1:4]
h=open(src).read()
head=h[:h.index('<body>')+6]
i=h.index('<h3 id="p-%s">'%prob)
j=h.find('<h3 id="p-',i+5)
if j<0: j=h.index('<h2>',i)
open(out,'w').write(head+'<h2>Per problem (cut out of report.html)</h2>'+h[i:j]+'</body></html>')
