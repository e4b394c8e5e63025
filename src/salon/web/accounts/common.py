"""The most common passwords of eight characters or more, as the lists of leaked passwords
rank them (the shorter ones are refused by their length): a password in this list is one of
the first an attacker tries, whatever else it looks like.  Kept in lower case; a password is
compared in lower case too."""

COMMON = frozenset("""
00000000 000000000 0000000000 11111111 111111111 1111111111 1111aaaa 11223344 112233445566
12121212 123123123 123123123123 12341234 1234abcd 1234qwer 12345678 123456789 1234567890
12345678910 123456789a 123456789q 12345678a 12345678q 1234567a 1234567q 123454321 12344321
12345qwert 123654789 123abc123 123qwe123 123qweasd 123qweasdzxc 123321123 12qwaszx 13131313
147258369 147852369 159357159 159753456 159753159 1a2b3c4d 1q2w3e4r 1q2w3e4r! 1q2w3e4r5t
1q2w3e4r5t6y 1qaz2wsx 1qaz2wsx3edc 1qazxsw2 20202020 22222222 33333333 44444444 456789123
55555555 66666666 69696969 741852963 77777777 789456123 789456123 87654321 88888888
963852741 987654321 9876543210 99999999 a1234567 a12345678 a123456789 a1b2c3d4 aaaaaaaa
abc12345 abc123456 abcd1234 abcd12345 abcdefg1 abcdefgh access14 admin123 admin1234
adminadmin administrator alexander anthony1 apple123 arsenal1 asdf1234 asdfasdf asdfghjk
asdfghjkl azerty123 azertyuiop babygirl1 banana12 baseball baseball1 basketball batman123
benjamin blahblah blessed1 butterfly changeme changeme1 charlie1 cheese12 chelsea1
chocolate christopher computer computer1 cookie12 corvette cristiano danielle default1
dragon12 dragon123 elizabeth facebook facebook1 family123 ferrari1 football football1
forever1 fortnite freedom1 friends1 gateway1 ginger12 google123 guest123 hallo123 hello123
hellokitty hockey12 hotmail1 ilovegod iloveyou iloveyou1 iloveyou2 internet jennifer
jessica1 jesus123 jordan23 killer12 letmein1 letmein123 linkedin liverpool liverpool1
login123 lovelove loveyou1 lovely12 manchester master12 master123 matthew1 maverick
mercedes michael1 michelle midnight minecraft monkey12 monkey123 motdepasse mustang1
nintendo orange12 p4ssw0rd pa55w0rd pa55word passpass passw0rd passwort passwort1 password
password! password1 password1! password12 password123 password1234 peanut12 pepper12
playstation pokemon1 princess princess1 purple12 q1w2e3r4 q1w2e3r4t5 q1w2e3r4t5y6 qazwsxedc
qwe123qwe qweasdzxc qwer1234 qwerty12 qwerty123 qwerty1234 qwerty12345 qwerty1! qwertyui
qwertyuiop rainbow1 rootroot samantha samsung1 scooter1 secret12 secret123 shadow12
soccer12 soleil123 spiderman starwars starwars1 summer12 sunshine sunshine1 superman
superman1 superstar test1234 test12345 testtest thunder1 tinkerbell trustno1 victoria
welcome1 welcome123 whatever windows1 yahoo123 zaq12wsx zaq1xsw2 zaq1zaq1 zxcvbnm1
zxcvbnm123 zxcvbnmm qwertzuiop qwertz123 йцукенгш йцукенгшщз пароль123 пароль1234
""".split())
