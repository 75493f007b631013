use super::*;

#[test]
fn bands_follow_the_hardest_step_and_never_go_down() {
    let mut last = Band::VeryEasy;
    for t in 0..=120u16 {
        let b = Band::of(Difficulty(t));
        assert!(b >= last, "{t}");
        last = b;
    }
    assert_eq!(Band::of(Difficulty(23)), Band::VeryEasy);
    assert_eq!(Band::of(Difficulty(26)), Band::Easy);
    assert_eq!(Band::of(Difficulty(90)), Band::Extreme);
    for b in Band::ALL {
        assert_eq!(Band::parse(b.name()), Some(b));
        assert_eq!(
            Band::parse(&b.name().to_lowercase().replace(' ', "-")),
            Some(b)
        );
    }
    assert_eq!(Band::parse("impossible"), None);
}

fn step(tenths: u16) -> Step {
    let mut s = Step::new(logic::Technique::Constraint, "Killer Cage", tenths);
    s.eliminations.push(logic::Candidate::new(0, 1));
    s
}

#[test]
fn more_hard_steps_make_a_harder_puzzle_within_a_tenth() {
    let one: Vec<Step> = vec![step(60), step(20)];
    let twenty: Vec<Step> = (0..20).map(|_| step(60)).collect();
    let a = difficulty_of(&one, Difficulty(60));
    let b = difficulty_of(&twenty, Difficulty(60));
    assert!((6.0..6.1).contains(&a), "{a}");
    assert!(b > a && b < 6.1, "{a} {b}");
    // A tenth more ER always ranks above, whatever the counts.
    assert!(difficulty_of(&[step(61)], Difficulty(61)) > b);
}

#[test]
fn contents_list_the_hardest_first_with_counts() {
    let mut a = step(20);
    a.name = "Hidden Single".into();
    let c = contents(&[a.clone(), step(30), a]);
    assert_eq!(c[0].technique, "Killer Cage");
    assert_eq!(c[1].count, 2);
}
